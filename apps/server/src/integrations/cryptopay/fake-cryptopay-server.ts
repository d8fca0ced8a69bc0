import { startLoopbackFake } from '../payments/loopback-server';
import { registerFakeCryptopay, type FakeCryptopay } from './fake-cryptopay';

export interface FakeCryptopayServer {
  origin: string;
  /** For CRYPTOPAY_API_URL. */
  apiUrl: string;
  fake: FakeCryptopay;
  close(): Promise<void>;
}

/** The Crypto Pay stand-in on its own loopback port, as the shop meets Crypto Pay (tests). */
export async function startFakeCryptopay(options: {
  token: string;
  notifyUrl: () => string;
}): Promise<FakeCryptopayServer> {
  const { origin, fake, close } = await startLoopbackFake((app, publicUrl) =>
    registerFakeCryptopay(app, {
      prefix: '/cp',
      token: options.token,
      notifyUrl: options.notifyUrl,
      publicUrl,
    }),
  );
  return { origin, apiUrl: `${origin}/cp/api`, fake, close };
}
