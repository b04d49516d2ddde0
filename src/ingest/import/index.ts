export {
  importRecordedExchanges,
  type ImportOptions,
  type ImportReport,
  type ImportedFolder,
} from './import-exchanges.ts';
export { readExchanges, recordedAt, scenarioFolders, type RecordedExchange } from './exchanges.ts';
export { resolveCall, type ResolvedCall } from './resolve.ts';
export { classify, type Classified } from './classify.ts';
