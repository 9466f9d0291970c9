export * from "./accept-invitation";
export * from "./describe-invitation";
export * from "./invitation-mail";
export * from "./invitation-record";
export * from "./invite-member";
export * from "./list-invitations";
export * from "./revoke-invitation";
