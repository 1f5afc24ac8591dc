"""The migration scripts, oldest first (a package only so that they ship with ninjadojo)."""
