import net from 'node:net';
import { StartupError } from './errors';

/** Resolves when the port can be bound on loopback; a clear StartupError otherwise. */
export async function assertPortFree(port: number, what: string, envName: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`Port ${port} (${what}) is in use: stop the program using it, or choose another port with ${envName}=<port>.`)
          : error,
      );
    });
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()));
  });
}

/** A port that is free right now, chosen by the OS (for emulators that cannot listen on port 0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
