// Process-level pieces shared by the api's and the worker's entry points (@locale/runtime).
export { type DataDirLock, DataDirLockedError, lockDataDir } from "./data-dir-lock";
export { DEFAULT_HEAP_GROWTH_PERCENT, heapGrowthPercentOf, MAX_HEAP_GROWTH_PERCENT, setHeapGrowthPercent } from "./heap-growth";
export { type LogDestination, safeLogDestination } from "./log-destination";
export { onStopSignal, runShutdown, type ShutdownStep } from "./shutdown";
export { releaseStartupMemory, releaseStartupMemorySoon, type StartupMemoryRelease } from "./startup-memory";
export { resolveFromUserDirectory, userDirectory } from "./user-directory";
