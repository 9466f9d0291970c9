export { createQueue, QUEUE_SCHEMA } from "./create-queue";
export type { CreateQueueOptions, JobHandler, JobQueue, QueueJob, QueueSendOptions, QueueWorkOptions } from "./create-queue";
export { databaseExecutor, transactionExecutor, type SqlExecutor } from "./sql-adapters";
