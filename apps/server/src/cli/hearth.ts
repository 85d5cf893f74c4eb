import { runAsProcess } from './hearth.commands';

/** `npm run hearth -- <command>`: the operators' command line (commands and usage in hearth.commands.ts). */
await runAsProcess(process.argv.slice(2));
