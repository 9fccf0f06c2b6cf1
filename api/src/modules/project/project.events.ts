import { domainEvent } from '../../core/events';

/**
 * The project module's domain events: the modules above it act on a project's life without the
 * project module knowing them. Listeners run in the emitter's transaction (core/events.ts).
 */

/** What the project events carry: the project concerned. */
export interface ProjectEvent {
  projectId: number;
}

/**
 * A project was just created (`project/save` without id): the modules above give it what every
 * project starts with (the built-in roles, the base class categories).
 */
export const projectCreated = domainEvent<ProjectEvent>('project.created');

/** A project was disabled: its signed-in callers must stop working in it (sessions end). */
export const projectDisabled = domainEvent<ProjectEvent>('project.disabled');
