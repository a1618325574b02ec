#!/usr/bin/env node
/**
 * `npm run dev`: the API server (with file watching) and Vite (hot reload, proxying /api to
 * the server) side by side. Ctrl-C stops both; if either exits, the other is stopped too.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The browser opens Vite (:5173, apps/web/vite.config.ts), whose proxy passes its Origin on to
// the server: the server must count Vite's address as its own, besides its own address.
const serverPort = process.env.PORT ?? '3000';
const devOrigins = ['5173', serverPort].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
const tasks = [
  {
    name: 'server',
    args: ['run', 'dev', '-w', '@sikka/server'],
    colour: 36,
    env: { PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? devOrigins.join(',') },
  },
  { name: 'web', args: ['run', 'dev', '-w', '@sikka/web'], colour: 35, env: {} },
];

/** Prefixes each line of a child's output with its coloured name. */
function pipe(stream, out, label) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${label} ${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`${label} ${pending}\n`);
  });
}

let stopping = false;
const children = tasks.map(({ name, args, colour, env }) => {
  // Each child leads its own process group so stopping it also stops what npm started under it.
  const child = spawn(npm, args, {
    stdio: ['inherit', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
  });
  const label = `\x1b[${colour}m[${name}]\x1b[0m`;
  pipe(child.stdout, process.stdout, label);
  pipe(child.stderr, process.stderr, label);
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      process.stderr.write(`${label} exited (${signal ?? code}); stopping the other process\n`);
      stop(code ?? 1);
    } else if (children.every((c) => c.exited)) {
      process.exit(process.exitCode ?? 0);
    }
  });
  return child;
});

function signalGroup(child, signal) {
  if (child.exited || child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children) signalGroup(child, 'SIGTERM');
  // Anything still running after 5 s is killed outright.
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
  if (children.every((c) => c.exited)) process.exit(exitCode);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
