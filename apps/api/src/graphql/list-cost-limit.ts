// The GraphQL cost limit, counting list sizes (docs/api-rules.md, "GraphQL cost"): every field
// that selects an object costs 1, times how many of it the answer can hold, nested
// multiplicatively. A field with a `limit` argument holds that many (a literal, clamped to the
// page maximum; a variable or no argument counts as the maximum); `nodes` of a page is covered by
// its page field; any other list of objects counts as LIST_SIZE. Scalars cost nothing. An
// operation over the limit is refused during validation, before any resolver runs.
import type {
  ASTVisitor,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLNamedType,
  SelectionSetNode,
  ValidationContext,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { graphqlRuntime } from "./graphql-runtime";

const { GraphQLError, getNamedType, getNullableType, isListType, isObjectType, isInterfaceType, isUnionType, Kind } = graphqlRuntime;

/** The page maximum (pagination: `limit` above it is clamped). */
export const MAX_PAGE_SIZE = 200;
/** What an unpaginated list of objects (projects, members, a key's translations) counts as. */
export const LIST_SIZE = 20;

type Fields = Record<string, GraphQLField<unknown, unknown>>;

function multiplierOf(field: GraphQLField<unknown, unknown>, node: FieldNode): number {
  if (field.args.some((arg) => arg.name === "limit")) {
    const given = node.arguments?.find((arg) => arg.name.value === "limit")?.value;
    if (given?.kind === Kind.INT) return Math.min(MAX_PAGE_SIZE, Math.max(1, Number.parseInt(given.value, 10)));
    return MAX_PAGE_SIZE;
  }
  if (!isListType(getNullableType(field.type))) return 1;
  return node.name.value === "nodes" ? 1 : LIST_SIZE;
}

/** The cost of an operation's selections (fragments are counted once each, then reused). */
export function operationCost(
  context: Pick<ValidationContext, "getSchema" | "getFragment">,
  root: GraphQLNamedType,
  set: SelectionSetNode,
): number {
  const schema = context.getSchema();
  const fragmentCosts = new Map<string, number>();

  const fieldsOf = (type: GraphQLNamedType | undefined | null): Fields | null =>
    type && (isObjectType(type) || isInterfaceType(type)) ? (type.getFields() as Fields) : null;

  function costOf(type: GraphQLNamedType | undefined | null, selections: SelectionSetNode): number {
    let total = 0;
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        // Introspection is bounded by the depth and token limits; it is not priced here.
        if (!selection.selectionSet || selection.name.value.startsWith("__")) continue;
        const field = fieldsOf(type)?.[selection.name.value];
        if (!field) continue; // unknown fields are refused by the standard rules
        total += multiplierOf(field, selection) * (1 + costOf(getNamedType(field.type), selection.selectionSet));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        total += costOf(on, selection.selectionSet);
      } else {
        total += fragmentCost(context.getFragment(selection.name.value));
      }
      if (!Number.isFinite(total)) return Number.POSITIVE_INFINITY;
    }
    return total;
  }

  function fragmentCost(fragment: FragmentDefinitionNode | null | undefined): number {
    if (!fragment) return 0;
    const name = fragment.name.value;
    const known = fragmentCosts.get(name);
    if (known !== undefined) return known;
    fragmentCosts.set(name, 0); // a cycle (refused by the standard rules) counts nothing the second time
    const cost = costOf(schema.getType(fragment.typeCondition.name.value), fragment.selectionSet);
    fragmentCosts.set(name, cost);
    return cost;
  }

  if (isUnionType(root)) return 0;
  return costOf(root, set);
}

/** A validation rule refusing operations whose cost is over `maxCost`. */
export function listCostLimitRule(maxCost: number) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const schema = context.getSchema();
      const root =
        node.operation === "query"
          ? schema.getQueryType()
          : node.operation === "mutation"
            ? schema.getMutationType()
            : schema.getSubscriptionType();
      if (!root) return;
      const cost = operationCost(context, root, node.selectionSet);
      if (cost > maxCost)
        context.reportError(
          new GraphQLError(
            `Query cost ${Number.isFinite(cost) ? cost : "over 10^308"} exceeds the limit of ${maxCost}: ask for fewer or smaller lists (limit) and fewer aliases`,
            { nodes: [node], extensions: { code: "BAD_USER_INPUT", statusCode: 400 } },
          ),
        );
    },
  });
}

/** The rule as a yoga plugin (it joins the standard validation rules). */
export function listCostLimitPlugin(maxCost: number): Plugin {
  const rule = listCostLimitRule(maxCost);
  return { onValidate: ({ addValidationRule }) => addValidationRule(rule) };
}
