import { spawn } from 'node:child_process';

export class ToolError extends Error {
  override name = 'ToolError';
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/**
 * Runs a media tool to completion: stdout collected (ffprobe's JSON), the tail of stderr
 * kept for the error, killed on abort or after timeoutMs.
 */
export function runTool(
  command: string,
  args: string[],
  options: { signal?: AbortSignal | undefined; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const kill = () => child.kill('SIGKILL');
    const timer = options.timeoutMs ? setTimeout(kill, options.timeoutMs) : undefined;
    options.signal?.addEventListener('abort', kill, { once: true });
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      reject(new ToolError(`${command} could not start: ${error.message}`, ''));
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      if (code === 0) resolve(Buffer.concat(stdout).toString('utf8'));
      else
        reject(
          new ToolError(
            `${command.split('/').pop()} failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' ')}`,
            stderr,
          ),
        );
    });
  });
}
