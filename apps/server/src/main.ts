import { loadConfig } from './config';
import { buildApp } from './app';

/** Starts Loa: reads the config, builds the app, listens and stops gracefully on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  const { bootstrapResult: boot } = app;
  if (boot.generatedPassword) {
    // Printed once: the password is stored only as a hash.
    console.log(`\n  Tài khoản quản trị / administrator: ${config.ADMIN_USER}\n  Mật khẩu / password: ${boot.generatedPassword}\n  (chỉ hiện một lần — shown only once)\n`);
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`Loa đang chạy tại http://localhost:${port} (listening on ${address})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
