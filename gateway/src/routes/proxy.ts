import type { ClientRequest } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { REQUEST_ID_HEADER, errorBody, signForwarded } from '@platform/kit';

const timedOut = new WeakSet<Request>();

/**
 * Forwards to the resolved service with the signed identity headers. createApp parses
 * JSON bodies before our routes, so fixRequestBody re-writes them onto the upstream request.
 */
export function serviceProxy(options: { signingSecret: string; timeoutMs: number }): RequestHandler {
  return createProxyMiddleware<Request, Response>({
    router: (req) => req.gatewayRoute!.target,
    pathRewrite: (_path, req) => req.gatewayRoute!.upstreamPath,
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: options.timeoutMs,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: Request) => {
        // Services trust only the signed identity; raw secrets and session cookies stay here.
        for (const name of proxyReq.getHeaderNames()) {
          if (name.startsWith('x-platform-') || name === 'authorization' || name === 'cookie') proxyReq.removeHeader(name);
        }
        const signed = signForwarded({ identity: req.identity, region: req.region, clientIp: req.ip }, options.signingSecret);
        for (const [name, value] of Object.entries(signed)) proxyReq.setHeader(name, value);
        proxyReq.setHeader(REQUEST_ID_HEADER, String(req.id));
        proxyReq.once('timeout', () => timedOut.add(req));
        // Must come last: it writes the body, after which headers are frozen.
        fixRequestBody(proxyReq, req);
      },
      error: (err, req, res) => {
        const request = req as Request;
        if (!('status' in res)) {
          res.destroy();
          return;
        }
        const response = res as Response;
        request.log?.warn({ err, service: request.gatewayRoute?.service }, 'upstream request failed');
        if (response.headersSent) {
          response.destroy();
          return;
        }
        const late = timedOut.has(request);
        response
          .status(late ? 504 : 502)
          .json(errorBody(late ? 'The service took too long to answer, please try again.' : 'Service unavailable, please try again later.'));
      },
    },
  });
}
