import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config';
import { UsageError, type CliContext, type CliIo } from './hearth.context';
import { migrateCommand, seedDemoCommand } from './hearth.migrate';
import { createUserCommand } from './hearth.create-user';
import { createBranchCommand } from './hearth.create-branch';
import { importCommand } from './hearth.import';
import { exportCommand } from './hearth.export';
import { backupCommand, restoreCommand } from './hearth.backup';

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** One command: its arguments (positional names, then options), a line of help, and what it runs. */
interface Command {
  name: string;
  positionals: string[];
  options: NonNullable<ParseArgsConfig['options']>;
  /** The options as the usage shows them. */
  synopsis: string;
  summary: string;
  run(ctx: CliContext, positionals: string[], values: Values): Promise<unknown>;
}

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

/** A string option's value (parseArgs gives strings for `type: 'string'`). */
function str(values: Values, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' ? value : undefined;
}

const COMMANDS: Command[] = [
  {
    name: 'migrate',
    positionals: [],
    options: {},
    synopsis: '',
    summary: 'apply the migrations, the job queue schema, the roles and the built-in import and export types',
    run: (ctx) => migrateCommand(ctx),
  },
  {
    name: 'seed:demo',
    positionals: [],
    options: {},
    synopsis: '',
    summary: 'seed the demo agency into an empty database',
    run: (ctx) => seedDemoCommand(ctx),
  },
  {
    name: 'create-user',
    positionals: [],
    options: {
      username: text,
      email: text,
      name: text,
      password: text,
      'password-stdin': flag,
      role: text,
      company: text,
      branch: { ...text, multiple: true },
    },
    synopsis:
      '--username U --email E --name N (--password P | --password-stdin) [--role "Company Admin"] [--company C] [--branch B]...',
    summary:
      'create a staff user who signs in with a password (the first admin of an install, with --company naming the agency); ' +
      '--password-stdin reads the password from the first line of standard input instead of the command line',
    run: (ctx, _p, v) =>
      createUserCommand(ctx, {
        username: str(v, 'username'),
        email: str(v, 'email'),
        name: str(v, 'name'),
        password: str(v, 'password'),
        passwordStdin: v['password-stdin'] === true,
        role: str(v, 'role'),
        company: str(v, 'company'),
        branch: Array.isArray(v.branch) ? v.branch.map(String) : undefined,
      }),
  },
  {
    name: 'create-branch',
    positionals: [],
    options: {
      name: text,
      company: text,
      region: text,
      address: text,
      city: text,
      state: text,
      zip: text,
      timezone: text,
      geofence: text,
      lat: text,
      lon: text,
    },
    synopsis:
      '--name N [--company C] [--region R] [--address A --city C --state ST --zip Z] [--timezone America/Chicago] ' +
      '[--geofence 150] [--lat D --lon D]',
    summary:
      'create a branch (an office) of the company, to import clients and caregivers into; --timezone is needed outside ' +
      'Eastern time; on the map at --lat/--lon, else at the centre of its ZIP (approximate)',
    run: (ctx, _p, v) =>
      createBranchCommand(
        ctx,
        Object.fromEntries(
          ['name', 'company', 'region', 'address', 'city', 'state', 'zip', 'timezone', 'geofence', 'lat', 'lon'].map((k) => [
            k,
            str(v, k),
          ]),
        ),
      ),
  },
  {
    name: 'import',
    positionals: ['type', 'file'],
    options: { branch: text, company: text, as: text },
    synopsis: '[--branch <name or id>] [--company <name or id>] [--as <username>]',
    summary:
      'import a CSV or XLSX file as the import page does, printing progress and a summary; it acts as the Company Admin ' +
      "of the company (--company, the branch's, or the only one) unless --as names the user",
    run: (ctx, [type, file], v) =>
      importCommand(ctx, { type: type!, file: file!, branch: str(v, 'branch'), company: str(v, 'company'), as: str(v, 'as') }),
  },
  {
    name: 'export',
    positionals: ['type'],
    options: { from: text, to: text, branch: text, payer: text, format: text, out: text, company: text, as: text },
    synopsis:
      '[--from YYYY-MM-DD --to YYYY-MM-DD] [--branch B] [--payer P] [--format csv|xlsx] [--out <file>] [--company C] ' +
      '[--as <username>]',
    summary: 'run an export and write its file (default: its own name in the current directory)',
    run: (ctx, [type], v) =>
      exportCommand(ctx, {
        type: type!,
        ...Object.fromEntries(['from', 'to', 'branch', 'payer', 'format', 'out', 'company', 'as'].map((k) => [k, str(v, k)])),
      }),
  },
  {
    name: 'backup',
    positionals: ['file'],
    options: { force: flag },
    synopsis: '[--force]',
    summary: 'write the embedded database to a .tar.gz file (--force replaces an existing file)',
    run: (ctx, [file], v) => backupCommand(ctx, { file: file!, force: v.force === true }),
  },
  {
    name: 'restore',
    positionals: ['file'],
    options: { force: flag },
    synopsis: '[--force]',
    summary: 'start the embedded database in DATA_DIR from a backup (--force replaces a database there)',
    run: (ctx, [file], v) => restoreCommand(ctx, { file: file!, force: v.force === true }),
  },
];

/** The command line of one command, e.g. "import <type> <file> [--branch <name or id>] [--as <username>]". */
function commandLine(command: Command): string {
  return [command.name, ...command.positionals.map((p) => `<${p}>`), command.synopsis].filter(Boolean).join(' ');
}

/** The usage text of `npm run hearth` (help, no command, an unknown one). */
export function usage(): string {
  return [
    'Usage: npm run hearth -- <command> [arguments]',
    '',
    'Commands:',
    ...COMMANDS.flatMap((c) => [`  ${commandLine(c)}`, `      ${c.summary}`]),
    '  help',
    '      this text',
    '',
    'The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default ./data); a command on the',
    'embedded database stops when a running Hearth holds it. Files are relative to the current directory.',
    'A new agency: migrate, create-user --company "<agency>" (its first Company Admin), create-branch, then import.',
    'Imports and exports act as the Company Admin of their company; name the company with --company (or the user',
    'with --as) when the database holds several, e.g. beside the demo agency.',
    'Exit codes: 0 done, 1 failed (one-line message; HEARTH_DEBUG=1 adds the stack trace), 2 usage error.',
  ].join('\n');
}

/**
 * `args` with a negative number after a value option joined to it (`--lon -95.94` as `--lon=-95.94`): parseArgs
 * takes a value starting with "-" for an option, and every US longitude is negative.
 */
function withNegativeValues(command: Command, args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const option = /^--([\w-]+)$/.exec(args[i]!)?.[1];
    const next = args[i + 1];
    if (option && command.options[option]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

/** Parses a command's arguments. @throws UsageError naming the unknown option or the missing or extra argument. */
function parseCommandArgs(command: Command, args: string[]) {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: withNegativeValues(command, args),
      options: command.options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs explains how to pass a positional starting with "-"; the first sentence is what went wrong.
    throw new UsageError((error as Error).message.split(/\.(?: |\n)/)[0]!.replace(/'/g, ''));
  }
  const missing = command.positionals.slice(parsed.positionals.length);
  if (missing.length) throw new UsageError(`${command.name} needs ${missing.map((p) => `<${p}>`).join(' ')}`);
  const extra = parsed.positionals.slice(command.positionals.length);
  if (extra.length) throw new UsageError(`Unexpected argument: ${extra.join(' ')}`);
  return parsed;
}

/** An error as one line: a database error's own message rather than the query that met it. */
function oneLine(error: unknown): string {
  let e = error;
  if (e instanceof Error && e.name === 'DrizzleQueryError' && e.cause instanceof Error) e = e.cause;
  const message = e instanceof Error ? e.message : String(e);
  return message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Runs `npm run hearth -- <argv>` in this process (tests call it directly).
 * @param options.env the environment the configuration is read from (DATA_DIR, DATABASE_URL, HEARTH_DEBUG, ...).
 * @param options.cwd the operator's directory, which file arguments are relative to.
 * @returns the exit code: 0 done (help included), 1 failed (one line on `err`; with HEARTH_DEBUG=1 the stack trace
 * too), 2 usage error (an unknown command or option, a missing argument: the message and usage).
 */
export async function runHearth(argv: string[], options: { env: NodeJS.ProcessEnv; cwd: string; io: CliIo }): Promise<number> {
  const { env, cwd, io } = options;
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(usage());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command: ${name}`);
    io.err(usage());
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`Usage: npm run hearth -- ${commandLine(command)}`);
    io.out(`  ${command.summary}`);
    return 0;
  }
  try {
    const parsed = parseCommandArgs(command, args);
    await command.run({ config: loadConfig(env), cwd, io }, parsed.positionals, parsed.values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      io.err(`Usage: npm run hearth -- ${commandLine(command)}`);
      return 2;
    }
    io.err(oneLine(error));
    if (env.HEARTH_DEBUG === '1' && error instanceof Error && error.stack) io.err(error.stack);
    return 1;
  }
}

/** The first line of a stream (standard input), without its line ending; null when it ends before any line. */
async function firstLineOf(input: NodeJS.ReadableStream): Promise<string | null> {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of lines) return line;
    return null;
  } finally {
    lines.close();
  }
}

/**
 * Runs a command line as this process (`npm run hearth`, `npm run seed:demo`): prints to stdout and stderr, file
 * arguments relative to npm's INIT_CWD (the directory the operator ran npm in), and exits with runHearth's code.
 */
export async function runAsProcess(argv: string[]): Promise<void> {
  const code = await runHearth(argv, {
    env: process.env,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    io: {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      readLine: async () => {
        const line = await firstLineOf(process.stdin);
        // Nothing more is read: an open standard input must not keep the process waiting once the command ends.
        process.stdin.destroy();
        return line;
      },
    },
  });
  process.exitCode = code;
  // Everything is closed by now, so Node ends on its own once stdout is flushed; a handle a library left open
  // (a pool's timer) must not keep an operator's terminal waiting.
  setTimeout(() => process.exit(code), 2_000).unref();
}
