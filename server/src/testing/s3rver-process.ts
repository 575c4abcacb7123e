/**
 * Runs s3rver, an S3-protocol server, in a process of its own (started by s3-server.ts through
 * `fork`). Arguments: the data directory, then the bucket names to create. Reports
 * `{ port }` over the IPC channel once it listens, and exits when its parent goes away.
 */
import { createRequire } from 'node:module';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

const [directory, ...buckets] = process.argv.slice(2);
if (!directory || !process.send) {
  console.error('usage: forked with <directory> <bucket>...');
  process.exit(2);
}

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.send({ port });

// The parent asks with a message or simply disappears (a crashed test run): stop either way.
const stop = (): void => {
  void server.close().finally(() => process.exit(0));
};
process.on('message', stop);
process.on('disconnect', stop);
