// npm run db:backup -- <file>
// npm run db:restore -- <file> [--to <mongodb uri>]
// npm run db:migrate -- --to <mongodb uri>
// A usage error exits 2 with the usage; any other refusal exits 1 with one clear message.
import { parseArgs } from 'node:util';
import { backup, migrate, restore } from './commands';
import { UserError } from './errors';

export const USAGE = `usage:
  npm run db:backup -- <file> [--from <mongodb uri>]
      a consistent snapshot of every service's database (the product may keep running)
  npm run db:restore -- <file> [--to <mongodb uri>]
      the backup into that server, or without --to into DATA_DIR (default .data), which must hold no data
  npm run db:migrate -- --to <mongodb uri> [--from <mongodb uri>]
      every collection with its indexes into that server; verified; refused if it holds different data
The source is --from, else MONGODB_URI, else the embedded engine of DATA_DIR (running under npm start or stopped).
`;

export async function main(argv: string[], log: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseArgs<{ options: { to: { type: 'string' }; from: { type: 'string' }; help: { type: 'boolean'; short: 'h' } }; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UserError(`${(err as Error).message}\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    log(USAGE);
    return 0;
  }
  const usage = (why: string) => new UserError(`${why}\n${USAGE}`, 2);
  switch (command) {
    case 'backup':
      if (positionals.length !== 1) throw usage('db:backup needs one file name');
      if (values.to) throw usage('db:backup writes a file: --to is for db:restore and db:migrate');
      await backup(positionals[0], { from: values.from, log });
      return 0;
    case 'restore':
      if (positionals.length !== 1) throw usage('db:restore needs one backup file');
      if (values.from) throw usage('db:restore reads the backup file: --from is for db:backup and db:migrate');
      await restore(positionals[0], { to: values.to, log });
      return 0;
    case 'migrate':
      if (positionals.length) throw usage(`db:migrate takes no file (${positionals.join(' ')})`);
      if (!values.to) throw usage('db:migrate needs --to <mongodb uri>');
      await migrate({ to: values.to, from: values.from, log });
      return 0;
    default:
      throw usage(command ? `unknown command ${command}` : 'which command: backup, restore or migrate?');
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof UserError) {
        console.error(`error: ${err.message}`);
        process.exit(err.exitCode);
      }
      console.error(`error: ${(err as Error)?.message ?? String(err)}`);
      if (process.env.DEBUG) console.error(err);
      process.exit(1);
    },
  );
}
