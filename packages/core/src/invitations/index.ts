export * from "./invitation-record";
export * from "./invitation-mail";
export * from "./invite-member";
export * from "./accept-invitation";
export * from "./list-invitations";
export * from "./revoke-invitation";
