// A tiny static file server for the browser tests: serves a Trunk dist folder
// under a public URL prefix (like GitHub Pages serves /<repo>/), on loopback.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serve `root` at http://127.0.0.1:<port><base>. Returns { url, origin, close }.
 * `base` starts and ends with "/". Requests outside it get 404.
 */
export async function startServer({ root, base = "/", port = 0 }) {
  const rootDir = resolve(root);
  const sockets = new Set();
  const server = createServer(async (req, res) => {
    const send = (status, body, type = "text/plain; charset=utf-8") => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-cache" });
      res.end(body);
    };
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (path === base.slice(0, -1)) {
        res.writeHead(301, { location: base });
        return res.end();
      }
      if (!path.startsWith(base)) return send(404, "outside the public url\n");
      let file = resolve(rootDir, "." + sep + path.slice(base.length));
      if (file !== rootDir && !file.startsWith(rootDir + sep)) return send(403, "no\n");
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, "index.html");
      const body = await readFile(file).catch(() => null);
      if (body === null) return send(404, "not found\n");
      send(200, body, TYPES[extname(file)] ?? "application/octet-stream");
    } catch (error) {
      send(500, String(error));
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: origin + base,
    /** Stop at once, dropping kept-alive connections (the browser goes "offline"). */
    close: () =>
      new Promise((ok) => {
        for (const socket of sockets) socket.destroy();
        server.close(ok);
      }),
  };
}

// `node tests/browser/server.mjs [DIST] [PUBLIC_URL] [PORT]` serves a build by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = "dist", base = "/", port = "8081"] = process.argv.slice(2);
  const { url } = await startServer({ root, base, port: Number(port) });
  console.log(`serving ${root} at ${url}`);
}
