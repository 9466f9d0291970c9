export * from "./apply-bulk-edit";
export * from "./bulk-edit-token";
export * from "./bulk-edit-types";
export * from "./plan-bulk-edit";
export * from "./preview-bulk-edit";
export * from "./text-replacer";
