package dirdump.sys;

import java.util.Map;

/**
 * The Slurm job this process runs in, from the environment slurmstepd gives a job's processes:
 * SLURM_JOB_ID; SLURM_STEP_ID inside an srun step (absent in the batch script); SLURM_TASK_PID, the
 * pid of the task (the batch script itself, in the batch step); SLURM_JOB_NUM_NODES, the allocation's.
 */
public record SlurmJob(String jobId, String stepId, long taskPid, int nodes) {
    /** The job of this process, or null outside Slurm. */
    public static SlurmJob current() {
        return of(System.getenv());
    }

    static SlurmJob of(Map<String, String> env) {
        String job = env.get("SLURM_JOB_ID");
        if (job == null || job.isEmpty()) {
            return null;
        }
        String nodes = env.getOrDefault("SLURM_JOB_NUM_NODES", env.getOrDefault("SLURM_NNODES", "1"));
        return new SlurmJob(job, env.get("SLURM_STEP_ID"), number(env.get("SLURM_TASK_PID")), (int) number(nodes));
    }

    /** Inside an srun step (not the batch script, nor salloc's shell): the step ends before the job. */
    public boolean inStep() {
        return stepId != null && !stepId.isEmpty() && !"batch".equals(stepId);
    }

    /** "job 12" or "job 12, step 0". */
    public String name() {
        return "Slurm job " + jobId + (inStep() ? ", step " + stepId : "");
    }

    /** Why a job's lock may be refused, beyond ulimit -l itself: where its limits come from. */
    public String lockLimitsHint() {
        return "in " + name() + " RLIMIT_MEMLOCK is the one of the shell that ran sbatch or srun "
                + "(PropagateResourceLimits), and the job's memory cgroup (--mem) must hold the set too: see "
                + "dirdump's docs/slurm.md";
    }

    private static long number(String s) {
        try {
            return s == null ? -1 : Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
