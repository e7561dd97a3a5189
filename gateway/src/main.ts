import { createLogger, serve } from '@platform/kit';
import { createGateway } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const logger = createLogger('gateway', config.logLevel);
const app = createGateway(config, logger);
void serve(app, { port: config.port, logger });
