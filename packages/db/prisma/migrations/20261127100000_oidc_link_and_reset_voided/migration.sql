-- Issue 24: a provider is linked to an existing account only by its signed-in owner (a flow
-- started from "Your account" carries the user id), and a reset link voided by a password or
-- e-mail change says so.

-- AlterTable
ALTER TABLE "OidcLoginRequest" ADD COLUMN     "linkUserId" TEXT;

-- AlterTable
ALTER TABLE "PasswordReset" ADD COLUMN     "voidedBy" TEXT;
