// `npm run whatsapp:templates [-- --submit]`: see modules/whatsapp/templates-command.ts.
import { loadConfig } from './config.ts';
import { templatesCommand } from './modules/whatsapp/templates-command.ts';

const config = loadConfig();
templatesCommand({ submit: process.argv.includes('--submit') }, config.shopContact, config.whatsapp, (line) =>
  process.stdout.write(`${line}\n`),
).then(
  (ready) => {
    process.exitCode = ready ? 0 : 2;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
