export * from "./create-release";
export * from "./delete-release";
export * from "./delivery-channel";
export * from "./delivery-notify";
export * from "./delivery-reads";
export * from "./list-releases";
export * from "./release-input";
export * from "./release-record";
