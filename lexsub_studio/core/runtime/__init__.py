"""The running process: its garbage-collector policy, memory, reports of faults, where user data
lives, licences, the self-test."""
