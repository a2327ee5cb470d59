import { Link } from 'react-router';

/** A page the server answers with an error status (a closed post's 403): the reason and a way on. */
export function StatusPage({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <div className="page py-24 text-center">
      <p className="text-gray-700" data-testid="status-text">
        {text}
      </p>
      <Link to={to} className="btn-primary mt-6">
        {label}
      </Link>
    </div>
  );
}
