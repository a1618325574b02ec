import type { ChildProcess } from 'node:child_process';

/**
 * A forked helper process (bench subscribers) that answers one command at a time: each request
 * sends a command (or none, to wait for a message the child sends by itself, e.g. 'ready') and
 * resolves with the first reply of the expected kind, or rejects on timeout or exit.
 */
export class ChildRequester<Command, Reply extends { cmd: string }> {
  private waiting: { cmd: Reply['cmd']; resolve: (m: Reply) => void } | null = null;
  readonly exited: Promise<number | null>;

  constructor(private readonly child: ChildProcess) {
    child.on('message', (m: Reply) => {
      if (this.waiting?.cmd === m.cmd) {
        const w = this.waiting;
        this.waiting = null;
        w.resolve(m);
      }
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  request<C extends Reply['cmd']>(
    command: Command | null,
    expect: C,
    timeoutMs: number,
  ): Promise<Extract<Reply, { cmd: C }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`subscriber process gave no '${expect}' within ${timeoutMs} ms`)),
        timeoutMs,
      );
      void this.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`subscriber process exited (${code})`));
      });
      this.waiting = {
        cmd: expect,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<Reply, { cmd: C }>);
        },
      };
      if (command) this.child.send(command as object);
    });
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
