import type { Problem } from '../form-builder.ts';

/** A definition's problems, each at its path, as the server or the JSON tab found them. */
export function ProblemList({
  id,
  heading,
  problems,
}: {
  id: string;
  heading: string;
  problems: readonly Problem[];
}) {
  if (problems.length === 0) return null;
  return (
    <div id={id} className="admin-builder__problems" role="alert">
      <p>{heading}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.path}:${problem.message}`}>
            <code>{problem.path}</code>: {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
