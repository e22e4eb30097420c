// npm run k8s:render as CI and ops run it: YAML documents on stdout, exit 0; a bad option or
// overlay named on stderr, exit 2, nothing on stdout.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

const root = join(__dirname, '../../..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'deploy/kubernetes/src/cli.ts', ...args], { cwd: root, encoding: 'utf8' });

describe('k8s:render', () => {
  it('prints every manifest of the chosen overlays as YAML documents', () => {
    const r = run('--overlay', 'production', '--overlay', 'mongodb-operator', '--tag', '2.0.1');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const docs = parseAllDocuments(r.stdout).map((d) => d.toJS());
    expect(docs.map((d) => d.kind)).toEqual(expect.arrayContaining(['Namespace', 'Deployment', 'Ingress', 'NetworkPolicy', 'MongoDBCommunity']));
    expect(docs.filter((d) => d.kind === 'Deployment').map((d) => d.spec.template.spec.containers[0].image)).toContain('registry.example.com/wishlist/lists:2.0.1');
  });

  it.each([
    [['--overlay', 'staging'], /unknown overlay "staging"/],
    [['--replicas', '3'], /Unknown option '--replicas'/],
  ])('refuses %j with exit code 2 and a message', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
});
