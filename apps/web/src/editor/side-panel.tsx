// The selected translation's side panel: status changes the role allows, stored quality-check issues
// (a warning can be ignored for the current value), suggestions (AI, TM,
// glossary terms found in the source), the key's screenshots with its regions highlighted, history
// with revert, and the comment thread.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { textDirection } from "../components/text-direction";
import { ErrorMessage, languageName } from "../components/ui";
import { type EditorRow, patchCachedCommentCount, patchCachedTranslation } from "./editor-data";
import { useEditorPermissions } from "./editor-permissions";
import { KeyScreenshots } from "./key-screenshots";
import { MentionTextarea } from "./mention-textarea";
import { usePeople } from "./mentions";
import { useSetQaIssueIgnored } from "./qa";
import { QaIssueList } from "./qa-issues";
import { type Status, useStatusChange } from "./status-change";

type Project = RouterOutputs["projects"]["get"];
type Match = RouterOutputs["glossary"]["check"]["matches"][number];

export function SidePanel(props: {
  project: Project;
  row: EditorRow;
  language: string;
  onUseSuggestion: (v: string) => void;
  onEditKey: () => void;
  onClose: () => void;
  /** Opened from a notification: bring the comments into view and move focus to them, once. */
  focusComments?: boolean;
  onCommentsFocused?: () => void;
}) {
  const { project, row, language } = props;
  const can = useCan();
  const allowed = useEditorPermissions(project);
  const isSource = language === project.sourceLanguage;
  const t = row.translations[language];
  const source = row.translations[project.sourceLanguage]?.value ?? "";
  return (
    <aside className="side-panel" aria-label={`Details of ${row.key} in ${languageName(language)}`}>
      <div className="panel-top">
        <h2 className="panel-title">
          {row.namespace && <span className="ns">{row.namespace}.</span>}
          {row.key}
        </h2>
        <button type="button" className="small" onClick={props.onClose}>
          Close details
        </button>
      </div>
      {row.description && <p className="hint">{row.description}</p>}
      {allowed.manageKeys && (
        <button type="button" className="small" onClick={props.onEditKey}>
          Edit key
        </button>
      )}
      <Section title={`${languageName(language)} (${language})`}>
        <p className="panel-value" lang={language} dir={textDirection(language)}>
          {t?.value || <em>Empty</em>}
        </p>
        <StatusButtons project={project} row={row} language={language} status={(t?.status ?? "untranslated") as Status} />
      </Section>
      {t && t.qaIssues.length > 0 && <QaIssues project={project} row={row} language={language} />}
      {can("screenshots.read") && <KeyScreenshots projectId={project._id} keyId={row.id} keyName={row.key} />}
      {!isSource && source && (
        <>
          <Glossary source={source} language={language} />
          {can("tm.read") && (
            <TmSuggestions
              source={source}
              sourceLanguage={project.sourceLanguage}
              language={language}
              onUse={props.onUseSuggestion}
              canUse={allowed.editTranslations}
            />
          )}
          {allowed.ai && (
            <AiSuggestion
              project={project}
              row={row}
              language={language}
              source={source}
              onUse={props.onUseSuggestion}
              canUse={allowed.editTranslations}
            />
          )}
        </>
      )}
      <History project={project} row={row} language={language} />
      <Comments project={project} row={row} language={language} focus={props.focusComments ?? false} onFocused={props.onCommentsFocused} />
    </aside>
  );
}

function Section({
  title,
  children,
  id,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  id?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className="panel-section" id={id}>
      <h3 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h3>
      {children}
    </section>
  );
}

const STATUS_ACTIONS: { status: Status; label: string; review: boolean }[] = [
  { status: "translated", label: "Mark translated", review: false },
  { status: "reviewed", label: "Mark reviewed", review: true },
  { status: "approved", label: "Approve", review: true },
  { status: "untranslated", label: "Mark untranslated", review: false },
];

function StatusButtons({ project, row, language, status }: { project: Project; row: EditorRow; language: string; status: Status }) {
  const can = useCan();
  const permitted = useEditorPermissions(project);
  const change = useStatusChange(project._id);
  const [rejecting, setRejecting] = useState(false);
  const allowed = STATUS_ACTIONS.filter((a) => a.status !== status && (a.review ? can("translations.review") : can("translations.status")));
  if (project.archived || !row.translations[language]?.value) return null;
  const canReject = permitted.review && status !== "untranslated";
  return (
    <div className="status-actions">
      <span>
        Status: <span className={`badge ${status}`}>{status}</span>
      </span>
      {allowed.map((a) => (
        <button
          type="button"
          className="small"
          key={a.status}
          disabled={change.isPending}
          onClick={() => change.mutate({ keyId: row.id, language, status: a.status })}
        >
          {a.label}
        </button>
      ))}
      {canReject && !rejecting && (
        <button type="button" className="small danger" onClick={() => setRejecting(true)}>
          Reject
        </button>
      )}
      {rejecting && (
        <form
          className="comment-form"
          onSubmit={(e) => {
            e.preventDefault();
            const reason = String(new FormData(e.currentTarget).get("reason") ?? "");
            change.mutate({ keyId: row.id, language, status: "untranslated", comment: reason }, { onSuccess: () => setRejecting(false) });
          }}
        >
          <textarea name="reason" rows={2} aria-label="Reason for rejecting" placeholder="What should change (optional)" />
          <div className="actions left">
            <button type="submit" className="small danger" disabled={change.isPending}>
              Reject translation
            </button>
            <button type="button" className="small" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ErrorMessage error={change.error ? errorMessage(change.error) : null} />
    </div>
  );
}

function highlight(text: string, matches: Match[]): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of [...matches].sort((a, b) => a.position.start - b.position.start)) {
    if (m.position.start < at) continue;
    out.push(text.slice(at, m.position.start));
    out.push(
      <mark key={m.position.start} className={m.doNotTranslate ? "dnt" : undefined} title={m.definition || undefined}>
        {text.slice(m.position.start, m.position.end)}
      </mark>,
    );
    at = m.position.end;
  }
  out.push(text.slice(at));
  return out;
}

function Glossary({ source, language }: { source: string; language: string }) {
  const check = useQuery({
    ...queries.glossary.check.readOptions({ orgId: "current", text: source, language }),
    staleTime: 60_000,
  });
  const matches = check.data?.matches ?? [];
  return (
    <Section title="Source and glossary">
      <p className="panel-source">{highlight(source, matches)}</p>
      {matches.length > 0 && (
        <ul className="term-list">
          {matches.map((m) => (
            <li key={`${m.termId}:${m.position.start}`}>
              <strong>{m.term}</strong>
              {m.doNotTranslate ? (
                <span className="badge dnt">do not translate</span>
              ) : (
                <> → {m.translations.map((x) => x.value).join(", ") || <em>no translation</em>}</>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * Translation-memory suggestions for a source text, best first: the panel lists them numbered and
 * the editor's Alt+1…9 picks from the same (cached) answer.
 */
export function useTmSuggestions(source: string, sourceLanguage: string, language: string, enabled = true) {
  return useQuery({
    ...queries.tm.search.queryOptions({
      orgId: "current",
      sourceText: source.slice(0, 10_000),
      sourceLang: sourceLanguage,
      targetLang: language,
      limit: 9,
    }),
    staleTime: 60_000,
    enabled: enabled && source !== "" && language !== sourceLanguage,
  });
}

function TmSuggestions(props: { source: string; sourceLanguage: string; language: string; canUse: boolean; onUse: (v: string) => void }) {
  const tm = useTmSuggestions(props.source, props.sourceLanguage, props.language);
  return (
    <Section title="Translation memory">
      {tm.isPending && <p className="hint">Searching…</p>}
      <ErrorMessage error={tm.error ? errorMessage(tm.error) : null} />
      {tm.data?.length === 0 && <p className="hint">No similar translations.</p>}
      <ul className="suggestions">
        {tm.data?.map((s, i) => (
          <li key={s._id}>
            <kbd className="suggestion-number" title={`Alt+${i + 1} uses it`}>
              {i + 1}
            </kbd>
            <span className="similarity">{Math.round(s.similarity)}%</span>
            <span className="suggestion-text" lang={props.language} dir={textDirection(props.language)}>
              {s.targetText}
            </span>
            <span className="hint">{s.sourceText}</span>
            {props.canUse && (
              <button type="button" className="small" onClick={() => props.onUse(s.targetText)}>
                Use
              </button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function AiSuggestion(props: {
  project: Project;
  row: EditorRow;
  language: string;
  source: string;
  canUse: boolean;
  onUse: (v: string) => void;
}) {
  const status = useQuery({
    ...queries.ai.status.queryOptions({ projectId: props.project._id }),
    staleTime: 60_000,
  });
  const suggest = useMutation({
    mutationFn: () =>
      trpc.ai.translate.mutate({
        projectId: props.project._id,
        keyId: props.row.id,
        sourceLanguage: props.project.sourceLanguage,
        targetLanguage: props.language,
        sourceText: props.source,
        keyName: props.row.key,
        ...(props.row.description ? { keyDescription: props.row.description } : {}),
      }),
  });
  if (!status.data?.configured) return null;
  return (
    <Section title="AI suggestion">
      {!suggest.data && (
        <button type="button" className="small" onClick={() => suggest.mutate()} disabled={suggest.isPending}>
          {suggest.isPending ? "Asking…" : "Suggest a translation"}
        </button>
      )}
      <ErrorMessage error={suggest.error ? errorMessage(suggest.error) : null} />
      {suggest.data && (
        <div className="suggestions">
          <span className="similarity">{suggest.data.confidence}%</span> <span className="suggestion-text">{suggest.data.translation}</span>
          {props.canUse && (
            <button type="button" className="small" onClick={() => props.onUse(suggest.data.translation)}>
              Use
            </button>
          )}
        </div>
      )}
    </Section>
  );
}

function QaIssues({ project, row, language }: { project: Project; row: EditorRow; language: string }) {
  const allowed = useEditorPermissions(project);
  const t = row.translations[language];
  const ignore = useSetQaIssueIgnored(project._id, row.id, language);
  if (!t) return null;
  return (
    <Section title="Quality checks">
      <QaIssueList
        issues={t.qaIssues}
        value={t.value}
        action={(i) =>
          // Errors are not ignorable: the settings decide what blocks a save.
          allowed.editTranslations &&
          i.severity === "warning" && (
            <button
              type="button"
              className="small"
              disabled={ignore.isPending}
              onClick={() => ignore.mutate({ check: i.check, ignored: !i.ignored })}
              aria-label={`${i.ignored ? "Count again" : "Ignore"}: ${i.message}`}
            >
              {i.ignored ? "Count again" : "Ignore"}
            </button>
          )
        }
      />
      <ErrorMessage error={ignore.error ? errorMessage(ignore.error) : null} />
    </Section>
  );
}

function History({ project, row, language }: { project: Project; row: EditorRow; language: string }) {
  const qc = useQueryClient();
  const allowed = useEditorPermissions(project);
  const history = useQuery(queries.translations.history.queryOptions({ projectId: project._id, keyId: row.id, language }));
  const revert = useMutation({
    mutationFn: (historyId: string) => trpc.translations.revertTo.mutate({ projectId: project._id, keyId: row.id, language, historyId }),
    onSuccess: (t) => {
      patchCachedTranslation(qc, project._id, t);
      void qc.invalidateQueries(queries.translations.history.pathFilter({ projectId: project._id, keyId: row.id, language }));
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: project._id }));
    },
  });
  const entries = history.data ?? [];
  return (
    <Section title="History">
      {entries.length === 0 && <p className="hint">{history.isPending ? "Loading…" : "No changes yet."}</p>}
      <ol className="history">
        {entries.map((h, i) => (
          <li key={h._id}>
            <span className="hint">
              {new Date(h.created).toLocaleString()} · {h.changedByName ?? (h.changedBy === "ai" ? "AI" : "someone")} · {h.source}
              {h.previousStatus !== h.newStatus ? ` · ${h.previousStatus} → ${h.newStatus}` : ""}
            </span>
            <span className="history-value">{h.newValue || <em>empty</em>}</span>
            {i > 0 && allowed.editTranslations && (
              <button type="button" className="small" disabled={revert.isPending} onClick={() => revert.mutate(h._id)}>
                Revert to this
              </button>
            )}
          </li>
        ))}
      </ol>
      <ErrorMessage error={revert.error ? errorMessage(revert.error) : null} />
    </Section>
  );
}

function Comments(props: { project: Project; row: EditorRow; language: string; focus: boolean; onFocused?: () => void }) {
  const { project, row, language, focus, onFocused } = props;
  const qc = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const can = useCan();
  const comments = useQuery(queries.comments.list.queryOptions({ projectId: project._id, keyId: row.id }));
  // The grid's comment indicator follows the thread as it is now (new comments, a reject's reason).
  const count = comments.data?.length;
  useEffect(() => {
    if (count !== undefined) patchCachedCommentCount(qc, project._id, row.id, count);
  }, [qc, project._id, row.id, count]);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  const people = usePeople(project._id);
  const create = useMutation({
    mutationFn: (v: { body: string; parentId: string | null; mentions: string[] }) =>
      trpc.comments.create.mutate({
        projectId: project._id,
        keyId: row.id,
        body: v.body,
        language,
        parentId: v.parentId,
        ...(v.mentions.length ? { mentions: v.mentions } : {}),
      }),
    onSuccess: () => {
      setReplyTo(null);
      void qc.invalidateQueries(queries.comments.list.pathFilter({ projectId: project._id, keyId: row.id }));
    },
  });
  const resolve = useMutation({
    mutationFn: (commentId: string) => trpc.comments.resolve.mutate({ projectId: project._id, keyId: row.id, commentId }),
    onSuccess: () => void qc.invalidateQueries(queries.comments.list.pathFilter({ projectId: project._id, keyId: row.id })),
  });
  const all = comments.data ?? [];
  const roots = all.filter((c) => !c.parentId);
  const submit = (e: FormEvent<HTMLFormElement>, parentId: string | null) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const body = String(data.get("body") ?? "").trim();
    if (!body) return;
    const mentions = JSON.parse(String(data.get("mentions") ?? "[]")) as string[];
    // A new text area (key) once sent: it holds its own text and picked mentions.
    create.mutate({ body, parentId, mentions }, { onSuccess: () => setSent((n) => n + 1) });
  };
  const canWrite = can("comments.write");
  const loaded = comments.isSuccess;
  useEffect(() => {
    if (!focus || !loaded) return;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
    onFocused?.();
  }, [focus, loaded, onFocused]);
  return (
    <Section title={`Comments (${all.length})`} id="comments" headingRef={heading}>
      <ul className="comments">
        {roots.map((c) => (
          <li key={c._id} className={c.resolved ? "resolved" : undefined}>
            <p>
              <strong>{c.authorName}</strong> <span className="hint">{new Date(c.created).toLocaleString()}</span>
              {c.language && <span className="code"> {c.language}</span>}
              {c.resolved && (
                <>
                  {" "}
                  <span className="badge approved">resolved</span>
                </>
              )}
            </p>
            <p className="comment-body">{c.body}</p>
            <ul className="replies">
              {all
                .filter((r) => r.parentId === c._id)
                .map((r) => (
                  <li key={r._id}>
                    <strong>{r.authorName}</strong>: {r.body}
                  </li>
                ))}
            </ul>
            {canWrite && (
              <div className="actions left">
                <button type="button" className="small" onClick={() => setReplyTo(replyTo === c._id ? null : c._id)}>
                  Reply
                </button>
                <button type="button" className="small" onClick={() => resolve.mutate(c._id)}>
                  {c.resolved ? "Reopen" : "Resolve"}
                </button>
              </div>
            )}
            {replyTo === c._id && (
              <form onSubmit={(e) => submit(e, c._id)} className="comment-form">
                <MentionTextarea key={sent} people={people} label={`Reply to ${c.authorName}`} />
                <button type="submit" className="small">
                  Send reply
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={(e) => submit(e, null)} className="comment-form">
          <MentionTextarea key={sent} people={people} label="New comment" placeholder="Ask or note something; @ to mention someone" />
          <button type="submit" className="small">
            Comment
          </button>
        </form>
      )}
      <ErrorMessage error={create.error ? errorMessage(create.error) : resolve.error ? errorMessage(resolve.error) : null} />
    </Section>
  );
}
