import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Serves one HTML page from another origin (127.0.0.1, a free port): a customer's site that frames an embed. */
export async function serveHostPage(html: string): Promise<{ url: string; host: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, host: `127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
