"""Drakula for two players (Michael Rieneck): Dracula against Van Helsing."""
