// npm run k8s:render [-- --overlay <name> ...] [--tag <tag>] [--registry <path>] [--public-url <url>] [--namespace <ns>]
// Prints every manifest of the deployment as YAML documents, for `kubectl apply -f -`.
import { parseArgs } from 'node:util';
import { OVERLAYS } from './overlay';
import { render, RenderError, toYaml } from './render';

const USAGE = `usage: npm run k8s:render -- [--overlay <name>]... [--tag <image tag>] [--registry <registry path>]
                             [--public-url <https://host>] [--namespace <name>] [--list-overlays]
overlays (applied in the order given; comma-separated works too):
${OVERLAYS.map((o) => `  ${o.name.padEnd(18)}${o.description}`).join('\n')}`;

function main(argv: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        overlay: { type: 'string', multiple: true },
        tag: { type: 'string' },
        registry: { type: 'string' },
        'public-url': { type: 'string' },
        namespace: { type: 'string' },
        'list-overlays': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help || values['list-overlays']) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const overlays = (values.overlay ?? []).flatMap((o) => o.split(',')).map((o) => o.trim()).filter(Boolean);
    process.stdout.write(
      toYaml(render({ overlays, tag: values.tag, registry: values.registry, publicUrl: values['public-url'], namespace: values.namespace })),
    );
    return 0;
  } catch (err) {
    if (err instanceof RenderError) {
      process.stderr.write(`k8s:render: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

process.exitCode = main(process.argv.slice(2));
