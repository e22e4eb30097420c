import { Rich } from './Rich';

/** A numbered list of steps; each entry is the translation key of one rich string. */
export function Steps({ keys }: { keys: string[] }) {
  return (
    <ol className="content-steps" role="list">
      {keys.map((k) => (
        <li key={k} className="content-steps-item">
          <Rich k={k} />
        </li>
      ))}
    </ol>
  );
}
