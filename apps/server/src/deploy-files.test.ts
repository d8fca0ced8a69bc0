import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BALANCE_FILE_MAX_BYTES, IMPORT_FILE_MAX_BYTES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from './modules/site/site-images';
import { SERVER_ROOT } from './paths';

/** What deploy/ promises an operator, read from the files as shipped. */
const deploy = (name: string) =>
  readFileSync(path.resolve(SERVER_ROOT, '../../deploy', name), 'utf8');

describe('deploy/', () => {
  it("nginx takes the shop's largest body", () => {
    const size = /client_max_body_size (\d+)m;/.exec(deploy('nginx.conf'));
    expect(size).not.toBeNull();
    const bytes = Number(size![1]) * 1024 * 1024;
    for (const largest of [BALANCE_FILE_MAX_BYTES, IMPORT_FILE_MAX_BYTES, MAX_IMAGE_BYTES]) {
      expect(bytes).toBeGreaterThanOrEqual(largest);
    }
  });

  it('Compose takes TRUSTED_PROXY, the subnet and the proxy address from .env', () => {
    const compose = deploy('compose.yaml');
    expect(compose).toContain('TRUSTED_PROXY: ${TRUSTED_PROXY:-10.89.0.10}');
    expect(compose).toContain('subnet: ${SHOP_SUBNET:-10.89.0.0/24}');
    expect(compose).toContain('ipv4_address: ${PROXY_ADDRESS:-10.89.0.10}');
    expect(deploy('.env.example')).toMatch(/TRUSTED_PROXY=10\.89\.0\.10,10\.89\.0\.1/);
  });

  it('the systemd unit reads its settings from a file, restarts on failure and is hardened', () => {
    const unit = deploy('rust-shop.service');
    for (const line of [
      'EnvironmentFile=/etc/rust-shop/shop.env',
      'Restart=on-failure',
      'NoNewPrivileges=true',
      'ProtectSystem=strict',
      'User=rust-shop',
      'StateDirectory=rust-shop',
      'ExecStart=/usr/bin/node --enable-source-maps apps/server/dist/server.js',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=true/m);
  });
});
