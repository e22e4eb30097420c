// The lists service on a memory-only embedded engine, for `npm run bench:api` (PORT from env).
import mongoose from 'mongoose';
import { start } from '@wishlist/embedded-mongo';
import { listsConfig } from '../src/config';
import { createListsService } from '../src/http/app';

async function main() {
  const engine = await start({ port: 0 }); // no dbPath: memory only
  await mongoose.connect(engine.uri, { dbName: 'lists' });
  const service = createListsService(listsConfig.load());
  const listening = await service.listen(Number(process.env.PORT), '127.0.0.1');
  const stop = async () => {
    await listening.close(1000);
    await mongoose.disconnect();
    await engine.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
