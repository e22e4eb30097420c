import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { decideHome } from '../session/defaultList';
import { PageLoading } from '../federation/RemotePage';

/** `/`: decides where the user starts (SPEC §2). */
export default function HomeRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void decideHome().then(({ to }) => {
      if (!cancelled) navigate(to, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <PageLoading />;
}
