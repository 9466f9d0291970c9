import { preparePostgresTemplate } from "@locale/db";

export default async function setup() {
  await preparePostgresTemplate();
}
