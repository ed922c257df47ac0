import { switchToWorkerDatabase } from './postgres-per-worker.ts';

await switchToWorkerDatabase();
