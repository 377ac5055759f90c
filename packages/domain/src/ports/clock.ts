/** The time every rule reads: the system's in a process, one that a test moves. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
