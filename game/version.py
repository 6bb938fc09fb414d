"""The version of Sifang Table, in one place: main.py --version, the main menu, the build and
pyproject.toml read it from here."""
VERSION = "0.9.0"
