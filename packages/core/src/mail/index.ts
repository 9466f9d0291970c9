export * from "./mail-config";
export * from "./send-mail";
