export type { CreateQueueOptions, JobHandler, JobQueue, QueueJob, QueueSendOptions, QueueWorkOptions } from "./create-queue";
export { createQueue, QUEUE_SCHEMA } from "./create-queue";
export { databaseExecutor, type SqlExecutor, transactionExecutor } from "./sql-adapters";
