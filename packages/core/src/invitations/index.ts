export * from "./invitation-record";
export * from "./invitation-mail";
export * from "./invite-member";
export * from "./accept-invitation";
