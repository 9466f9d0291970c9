// Inline string literals of a GraphQL document (`tmSearch(sourceText: "a\u0000b")`) get the same
// rules as variables and REST bodies (rest/input-guard.ts): a literal holding NUL or a lone surrogate
// refuses the whole operation with a 400 naming the argument, before anything executes — whatever
// the transport the document came by. (Escapes decode at parse time, so only the parsed document
// shows them.)
import { unstorableTextProblem } from "@locale/core";
import type { ASTNode, DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { inputProblemError } from "../rest/input-guard";
import { graphqlErrorExtensions } from "./error-shape";
import { graphqlRuntime } from "./graphql-runtime";

const { GraphQLError, visit } = graphqlRuntime;

function nameOf(node: ASTNode): string | null {
  if (node.kind === "Field") return node.alias?.value ?? node.name.value;
  if (node.kind === "Argument" || node.kind === "ObjectField" || node.kind === "Directive") return node.name.value;
  if (node.kind === "VariableDefinition") return `$${node.variable.name.value}`;
  return null;
}

/** The first string literal the service could not store, with the path of arguments leading to it. */
export function findLiteralProblem(document: DocumentNode): { path: string; message: string } | null {
  let found: { path: string; message: string } | null = null;
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      if (found) return;
      const message = unstorableTextProblem(node.value);
      if (!message) return;
      const names = [...ancestors, parent].filter((a): a is ASTNode => !!a && typeof a === "object" && "kind" in a).map(nameOf);
      found = { path: names.filter(Boolean).join("."), message };
    },
  });
  return found;
}

// Checked before execution rather than at parse: yoga answers parse errors with 200 (GraphQL over
// HTTP), while this refusal is the same 400 as the variables guard's.
export function useStorableLiterals(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const problem = findLiteralProblem(args.document);
      if (!problem) return;
      const body = inputProblemError(problem).toBody();
      setResultAndStopExecution({
        errors: [new GraphQLError(body.message, { extensions: { ...graphqlErrorExtensions(body), http: { status: 400 } } })],
      });
    },
  };
}
