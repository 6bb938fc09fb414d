"""The version of Sifang Table, in one place: main.py --version (and so the built executable's),
the macOS app bundle's version (build.spec) and pyproject.toml read it from here."""
VERSION = "0.9.0"
