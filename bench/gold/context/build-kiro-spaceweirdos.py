import json
GR=".kiro/specs/space-weirdos-game-rules"
DP=".kiro/specs/space-weirdos-data-persistence"
GT=GR+"/tasks.md"; GQ=GR+"/requirements.md"; GD=GR+"/design.md"
PT=DP+"/tasks.md"; PQ=DP+"/requirements.md"; PD=DP+"/design.md"
TES=".kiro/steering/task-execution-standards.md"
CFG=".kiro/steering/configuration-standards.md"
def n(path,first,last,kind,why): return {"path":path,"first":first,"last":last,"kind":kind,"why":why}
STEER_CFG=lambda why: n(TES,161,187,"section",why)
CFG_CAT=lambda why: n(CFG,83,141,"section",why)
tasks=[]
def T(path,line,num,feature,split,request,needs):
    tasks.append({"task":{"path":path,"line":line,"number":num},"feature":feature,"split":split,"request":request,"needs":needs})

# ---------- game rules (dev) ----------
T(GT,3,"1",GR,"dev",
 "Set up the TypeScript types for the warband builder's backend — weirdos, warbands, attributes, weapons, equipment, powers, traits, and the validation/cost-breakdown result shapes.",
 [n(GT,3,9,"task","the task itself (target file src/backend/models/types.ts, list of types)"),
  n(GD,62,161,"section","design's exact interface and type-alias definitions (SpeedLevel/DiceLevel/FirepowerLevel, Weirdo, Warband, ValidationResult with warnings, CostBreakdown)"),
  n(GQ,156,161,"criterion","10.2-10.7 fix the allowed level domains for each attribute, which the type aliases must encode (not cited: task cites 10.1 only)"),
  n(GQ,170,171,"criterion","11.2-11.3: point limit is 75 or 125 and warband ability is optional (11.2/11.3 not cited; task cites 11.1 but describes 'point limit types' and ability type)")])

T(GT,11,"2",GR,"dev",
 "Write the service that applies each warband ability's discounts (Heavily Armed, Mutants, Soldiers) to weapon, equipment and speed costs, never letting a cost drop below zero.",
 [n(GT,11,17,"task","the task itself"),
  n(GQ,97,112,"requirement","Requirement 6: every modifier rule (which weapons/equipment, by how much, clamp at 0) - all criteria cited"),
  n(GQ,172,172,"criterion","11.4: no ability means no modifiers - obviously implemented by the strategy, not cited"),
  n(GD,191,209,"section","CostModifierStrategy interface signatures and modifier rule summary (Cyborgs has no cost effect)"),
  n(GD,479,488,"section","cost calculations never throw; invalid inputs -> 0, negatives clamped"),
  n(GT,3,9,"task","builds on the types from task 1 (Weapon, Equipment, Attributes, WarbandAbility in src/backend/models/types.ts)"),
  STEER_CFG("always-included steering: discounts and ability weapon/equipment lists must come from ConfigurationManager, not hard-coded constants"),
  CFG_CAT("shows the cost-config accessors to use (discountValues.mutantDiscount, abilityWeaponLists.mutantWeapons, ...)")])

T(GT,30,"3",GR,"dev",
 "Build the point-cost calculator that prices attributes, weapons, equipment, psychic powers and leader traits, totals a weirdo and a whole warband, and can return a per-category cost breakdown.",
 [n(GT,30,41,"task","the task itself (method list)"),
  n(GQ,32,53,"requirement","Requirement 1: attribute cost values for every attribute/level (cited 1.1-1.15)"),
  n(GQ,64,64,"criterion","2.5 sum all weapon costs"),
  n(GQ,77,77,"criterion","3.6 sum all equipment costs"),
  n(GQ,86,86,"criterion","4.2 sum all psychic power costs"),
  n(GQ,135,135,"criterion","8.1 warband total = sum of weirdo costs"),
  n(GQ,139,148,"requirement","Requirement 9: weirdo total from all components, modifiers applied, no negative component (cited 9.1-9.3)"),
  n(GD,162,190,"section","CostEngine interface signatures and implementation details (lookup tables, delegate to strategy, clamping, breakdown)"),
  n(GD,240,263,"section","attribute cost lookup tables incl. the Defense 2d10 = 8 exception"),
  n(GD,479,488,"section","cost calculations never throw: invalid/missing -> 0, negatives clamped"),
  n(GT,11,17,"task","builds on CostModifierStrategy from task 2"),
  n(GT,3,9,"task","builds on the types from task 1 (CostBreakdown, Weirdo, Warband)"),
  STEER_CFG("always-included steering: cost values must come from ConfigurationManager, not local constants")])

T(GT,67,"4.2",GR,"dev",
 "Add a fast-check property test proving that equipment counts are capped correctly for leaders and troopers with and without the Cyborgs ability.",
 [n(GT,67,70,"task","the task itself (Property 4)"),
  n(GQ,72,76,"criterion","3.1-3.5 the four limits and rejection rule being tested"),
  n(GD,389,438,"section","Correctness Properties list - holds the Property 4 statement (properties are bold paragraphs, smallest heading is this list)"),
  n(GD,264,272,"section","equipment limit table"),
  n(GD,506,522,"section","property-test conventions: fast-check, >=50 runs, tag format, generator strategy"),
  n(GD,523,533,"section","which test file property tests for validation go in"),
  n(GT,53,59,"task","the code under test: validateWeirdoEquipment from task 4")])

T(GT,100,"6.2",GR,"dev",
 "Make weirdo cost validation emit a non-blocking warning when a weirdo is within three points of whichever limit (20 or 25) applies to it.",
 [n(GT,100,106,"task","the task itself"),
  n(GQ,123,127,"criterion","7.5-7.9 warning rules; 7.9 (same 25-point weirdo warns at 23-25) is implemented but not cited"),
  n(GT,88,93,"task","extends validateWeirdoCost / 25-point rule from task 6"),
  n(GD,389,438,"section","Correctness Properties - Property 7a spells out how the applicable limit is chosen"),
  n(GD,443,478,"section","ValidationWarning shape, warnings keep valid=true, COST_APPROACHING_LIMIT code"),
  STEER_CFG("always-included steering: threshold and messages must come from ConfigurationManager"),
  CFG_CAT("validation-config accessors (costWarningThreshold, messages)")])

T(GT,114,"7",GR,"dev",
 "Implement warband-level validation: check name, point limit and leader, check the total cost against the limit, and expose one method that runs all of it.",
 [n(GT,114,119,"task","the task itself"),
  n(GQ,136,137,"criterion","8.2-8.3 reject/allow by total vs point limit"),
  n(GQ,169,171,"criterion","11.1-11.2 name and 75/125 limit (cited); 11.3 ability optional - must not be flagged, not cited"),
  n(GD,210,237,"section","ValidationService method signatures"),
  n(GD,389,438,"section","Correctness Properties - Property 11 adds 'exactly one leader' to the structure check; Property 8 the limit rule"),
  n(GD,443,478,"section","error object shape and codes (WARBAND_INVALID, COST_EXCEEDED)"),
  n(GT,30,41,"task","uses CostEngine.calculateWarbandCost from task 3"),
  STEER_CFG("always-included steering: point limits and messages via ConfigurationManager"),
  CFG_CAT("cost/validation config accessors (pointLimits.standard/extended, messages)")])

T(GT,150,"10",GR,"dev",
 "Centralise the game's cost tables, equipment limits and point limits so the cost engine and validator stop using scattered literals.",
 [n(GT,150,155,"task","the task itself"),
  n(GQ,32,53,"requirement","Requirement 1: attribute cost values"),
  n(GQ,72,75,"criterion","3.1-3.4 equipment limits"),
  n(GQ,170,170,"criterion","11.2 point limits 75/125"),
  n(GD,238,276,"section","Data Models: attribute cost tables, equipment limit table, 20/25 weirdo limits"),
  STEER_CFG("always-included steering says src/backend/constants/costs.ts was REMOVED - values belong in ConfigurationManager; doing the task literally would be wrong"),
  CFG_CAT("the cost-config structure to put/read them in (pointLimits, trooperLimits, equipmentLimits, ...)")])

# ---------- data persistence (held-out) ----------
T(PT,5,"1.1",DP,"held-out",
 "Define the storage layer's own types: a typed persistence error with codes, the validation result, the warband list summary, and the shape of the JSON file.",
 [n(PT,5,11,"task","the task itself"),
  n(PD,262,285,"section","PersistenceError class and ErrorCode enum"),
  n(PD,168,195,"section","persistence ValidationResult/ValidationError (isValid, no code - differs from game-rules types)"),
  n(PD,104,146,"section","WarbandSummary fields"),
  n(PD,147,167,"section","StorageData JSON structure (version + warbands keyed by id)"),
  n(PQ,77,80,"criterion","4.1-4.4 validation/corruption errors (4.1, 4.4 cited)"),
  n(PQ,88,94,"criterion","5.1-5.7 fields a summary must carry"),
  n(PQ,127,131,"criterion","8.1-8.5 error cases the error codes must cover")])

T(PT,30,"2.2",DP,"held-out",
 "On startup, have the repository make sure the data folder exists, create an empty store if there is no file, and otherwise load all saved warbands into memory.",
 [n(PT,30,37,"task","the task itself"),
  n(PQ,115,115,"criterion","7.1 load all warbands into memory at start"),
  n(PQ,130,130,"criterion","8.4 create missing storage directory"),
  n(PT,20,28,"task","builds on the skeleton from 2.1 (cache Map, storage path constant)"),
  n(PD,513,532,"section","initialize() reference implementation"),
  n(PD,147,167,"section","file structure to create/read"),
  n(PD,286,321,"section","startup rules: missing file -> empty storage; do not overwrite a corrupted file")])

T(PT,73,"4.1",DP,"held-out",
 "Implement saving a warband: validate it, give new ones an id and creation time, stamp the update time, put it in the cache and write the JSON file, dealing with write failures.",
 [n(PT,73,81,"task","the task itself"),
  n(PQ,22,40,"requirement","Requirement 1: every field that must be persisted, incl. notes (cited 1.1-1.12)"),
  n(PQ,47,48,"criterion","2.1-2.2 assign and persist a unique id"),
  n(PQ,116,116,"criterion","7.2 update cache on save"),
  n(PQ,119,119,"criterion","7.5 persist cache changes asynchronously"),
  n(PQ,128,128,"criterion","8.2 write failure returns detailed error"),
  n(PQ,143,143,"criterion","9.5 ISO 8601 timestamps"),
  n(PD,484,512,"section","saveWarband reference flow (validate, id/createdAt only when new, updatedAt, cache, persist)"),
  n(PD,262,285,"section","PersistenceError / VALIDATION_ERROR, FILE_WRITE_ERROR codes"),
  n(PD,286,321,"section","write errors: keep cache, retry once; validation errors: do not touch storage"),
  n(PT,51,59,"task","uses validateWarband from 3.1"),
  n(PT,20,28,"task","uses UUID/timestamp helpers and cache from 2.1")])

T(PT,120,"5.2",DP,"held-out",
 "Add a method that lists every stored warband as a summary with its id, name, ability, point limit, total cost and number of weirdos.",
 [n(PT,120,131,"task","the task itself"),
  n(PQ,82,96,"requirement","Requirement 5: summary fields and empty-list case (cited 5.1-5.8)"),
  n(PQ,118,118,"criterion","7.4 served from the in-memory cache"),
  n(PD,104,146,"section","WarbandSummary interface (incl. updatedAt)"),
  n(PD,254,259,"section","Property 10: totalCost must equal the sum of weirdo costs"),
  n(GD,162,190,"section","CostEngine API from the game-rules spec used to compute totalCost (cross-feature)"),
  n(PT,20,28,"task","iterates the cache set up in 2.1")])

T(PT,149,"6",DP,"held-out",
 "Let users delete a saved warband: drop it from memory and the JSON file, report whether it existed, and prove with a property test that it can't be loaded afterwards.",
 [n(PT,149,170,"task","the parent task with sub-tasks 6.1 (implementation) and 6.2 (property test)"),
  n(PQ,97,108,"requirement","Requirement 6: delete semantics incl. false for unknown id"),
  n(PQ,117,117,"criterion","7.3 remove from cache"),
  n(PQ,119,119,"criterion","7.5 persist the change"),
  n(PD,77,103,"section","deleteWarband(id): Promise<boolean> signature and why it is async"),
  n(PD,224,229,"section","Property 5 for sub-task 6.2"),
  n(PD,356,420,"section","property-test conventions (fast-check, 50 runs, tag format, generators)"),
  n(PD,286,321,"section","file write error handling rules"),
  n(PT,73,81,"task","reuses the cache-update + persist path built for save (4.1)")])

T(PT,195,"7.3",DP,"held-out",
 "Write a property-based test showing that any valid warband survives being serialised to JSON and parsed back unchanged.",
 [n(PT,195,200,"task","the task itself"),
  n(PQ,139,140,"criterion","9.1-9.2 being validated"),
  n(PD,200,205,"section","Property 1 statement"),
  n(PD,356,420,"section","fast-check config, warband generator, tag format and a sketch of exactly this test"),
  n(PT,177,183,"task","serialisation side under test (7.1 persistToFile)"),
  n(PT,187,193,"task","deserialisation side under test (7.2 loadFromFile)")])

T(PT,218,"8.1",DP,"held-out",
 "Harden the repository's file handling so read, write, permission and JSON-parse failures are caught, logged and rethrown as typed persistence errors.",
 [n(PT,218,226,"task","the task itself"),
  n(PQ,121,132,"requirement","Requirement 8: all file I/O error cases (cited 8.1-8.5)"),
  n(PD,262,285,"section","PersistenceError and the error codes to use"),
  n(PD,286,321,"section","per-error-type handling strategy (retry once on write, no retry on permission, don't overwrite corrupted file)"),
  n(PT,5,11,"task","PersistenceError defined in 1.1"),
  n(PT,177,183,"task","file write method being wrapped (7.1)"),
  n(PT,187,193,"task","file read/parse method being wrapped (7.2)")])

doc={"repo":"RockyBoyRC/SpaceWeirdos","commit":"1666df89b89b590f4ea738d4d29a40a857da80a5","kit":"kiro","marked":"by hand, before DocuGraph ran on it","tasks":tasks}
json.dump(doc,open("/work/notes/context-gold/kiro-RockyBoyRC-SpaceWeirdos.json","w"),indent=2,ensure_ascii=False)
