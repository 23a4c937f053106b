"""Writing VBA projects from source: the compound file writer (MS-CFB), MS-OVBA
compression and data encryption, and the project builder used by
``templates/build_xlsm.py``."""

from .project import VbaModule, build_vba_project, document_module

__all__ = ["VbaModule", "build_vba_project", "document_module"]
