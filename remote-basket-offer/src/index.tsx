// Standalone entry (rsbuild dev/build): the async boundary lets federation share singletons first.
import('./bootstrap');
