// Issue 45: to be written.
