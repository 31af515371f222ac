"""The running process: its garbage-collector policy, memory, reports of faults, where user data
lives, licences. The bottom of core beside model/: every layer may use it, it uses only model/."""
