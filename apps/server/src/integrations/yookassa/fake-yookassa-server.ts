import { startLoopbackFake } from '../payments/loopback-server';
import { registerFakeYookassa, type FakeYookassa } from './fake-yookassa';

export interface FakeYookassaServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** For YOOKASSA_API_URL. */
  apiUrl: string;
  fake: FakeYookassa;
  close(): Promise<void>;
}

/** The YooKassa stand-in on its own loopback port, as the shop meets YooKassa (tests). */
export async function startFakeYookassa(options: {
  shopId: string;
  secretKey: string;
  notifyUrl: () => string;
}): Promise<FakeYookassaServer> {
  const { origin, fake, close } = await startLoopbackFake((app, publicUrl) =>
    registerFakeYookassa(app, {
      prefix: '/yk',
      shopId: options.shopId,
      secretKey: options.secretKey,
      notifyUrl: options.notifyUrl,
      publicUrl,
    }),
  );
  return { origin, apiUrl: `${origin}/yk/v3`, fake, close };
}
