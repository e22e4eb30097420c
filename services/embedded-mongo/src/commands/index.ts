// Every command family the engine answers; index.ts gives these tables to the Engine.
import type { CommandTable } from '../types';
import { adminCommands } from './admin';
import { aggregateCommands } from './aggregate';
import { crudCommands } from './crud';
import { indexCommands } from './indexes';
import { transactionCommands } from './transactions';

export const COMMAND_TABLES: readonly CommandTable[] = [adminCommands, crudCommands, aggregateCommands, indexCommands, transactionCommands];
