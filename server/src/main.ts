import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
console.log(`Ready: http://${shownHost}:${config.port}`);
if (config.seed) {
  const { DEMO_ACCOUNTS, SITE_NAMES } = await import('./demo/seed.js');
  console.log('Demo accounts (account / password, site):');
  for (const demo of DEMO_ACCOUNTS) {
    const note = demo.mustChangePassword ? ' (must change the password at first login)' : '';
    console.log(`  ${demo.account} / ${demo.password}  ${demo.sites.map((i) => SITE_NAMES[i]).join(', ')}${note}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
